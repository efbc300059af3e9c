-- The app's own PostgreSQL role (docker-compose.yml's db-roles job runs this as the superuser, on every start and
-- after scripts/restore.sh): APP_DB_USER logs in with APP_DB_PASSWORD, owns the database's public schema and
-- everything in it (the app's migrations create and alter its tables), and is no superuser: it cannot read the
-- server's files, run programs, or create roles or databases. Objects made by the superuser before this role existed,
-- or by a restore, are handed to it. Safe to run again: it only brings the role and the owners up to date.
\set ON_ERROR_STOP on
\getenv app_user APP_DB_USER
\getenv app_password APP_DB_PASSWORD
\getenv db PGDATABASE

SELECT format('CREATE ROLE %I', :'app_user')
 WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'app_user') \gexec
ALTER ROLE :"app_user" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD :'app_password';
ALTER DATABASE :"db" OWNER TO :"app_user";
ALTER SCHEMA public OWNER TO :"app_user";

-- tables, views and foreign tables (a table's own sequences and row types follow it)
SELECT format('ALTER TABLE public.%I OWNER TO %I', c.relname, :'app_user')
  FROM pg_class c
 WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'f')
   AND c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = :'app_user') \gexec
SELECT format('ALTER VIEW public.%I OWNER TO %I', c.relname, :'app_user')
  FROM pg_class c
 WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'v'
   AND c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = :'app_user') \gexec
SELECT format('ALTER MATERIALIZED VIEW public.%I OWNER TO %I', c.relname, :'app_user')
  FROM pg_class c
 WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'm'
   AND c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = :'app_user') \gexec
-- sequences no table owns
SELECT format('ALTER SEQUENCE public.%I OWNER TO %I', c.relname, :'app_user')
  FROM pg_class c
 WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'S'
   AND c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = :'app_user')
   AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i')) \gexec
-- functions (the triggers' among them)
SELECT format('ALTER ROUTINE %s OWNER TO %I', p.oid::regprocedure, :'app_user')
  FROM pg_proc p
 WHERE p.pronamespace = 'public'::regnamespace
   AND p.proowner <> (SELECT oid FROM pg_roles WHERE rolname = :'app_user') \gexec
-- enums, domains, ranges and stand-alone composite types
SELECT format('ALTER TYPE public.%I OWNER TO %I', t.typname, :'app_user')
  FROM pg_type t
 WHERE t.typnamespace = 'public'::regnamespace
   AND t.typowner <> (SELECT oid FROM pg_roles WHERE rolname = :'app_user')
   AND (t.typtype IN ('e', 'd', 'r') OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c')) \gexec
