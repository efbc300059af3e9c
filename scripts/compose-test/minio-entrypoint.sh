#!/bin/sh
# `minio server DIR`, as the look-alike of scripts/compose-test/minio.Dockerfile runs it: s3rver on 0.0.0.0:9000
# with MINIO_ROOT_USER / MINIO_ROOT_PASSWORD as its access key, objects in DIR. Path-style only, as MinIO serves the
# api: s3rver would otherwise take the host name "minio" for a bucket and answer a bucket's creation NoSuchBucket.
set -eu
[ "${1:-}" = server ] || { echo "minio look-alike: only 'server DIR' is supported" >&2; exit 2; }
export S3_DIR="${2:-/data}"
# extra options (--certs-dir DIR) are MinIO's own and mean nothing here
exec node -e '
const root = "/usr/local/lib/node_modules";
const S3rver = require(root + "/s3rver");
const Account = require(root + "/s3rver/lib/models/account");
Account.DUMMY_ACCOUNT.createKeyPair(process.env.MINIO_ROOT_USER, process.env.MINIO_ROOT_PASSWORD);
new S3rver({ address: "0.0.0.0", port: 9000, silent: false, directory: process.env.S3_DIR, vhostBuckets: false }).run().then((a) => console.log("S3 API on", a.port));
'
