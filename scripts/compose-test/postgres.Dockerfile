# Look-alike of the official postgres:15 image for scripts/compose-test.sh (no registry here): Debian's PostgreSQL 15,
# the same entrypoint contract (POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB, PGDATA=/var/lib/postgresql/data,
# runs as the postgres user, pg_isready on the PATH).
FROM smi-lookalike/bookworm:base
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
RUN mkdir -p /var/run/postgresql "$PGDATA" && chown -R postgres:postgres /var/run/postgresql /var/lib/postgresql && chmod 3777 /var/run/postgresql
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
VOLUME /var/lib/postgresql/data
ENTRYPOINT ["docker-entrypoint.sh"]
STOPSIGNAL SIGINT
EXPOSE 5432
CMD ["postgres"]
