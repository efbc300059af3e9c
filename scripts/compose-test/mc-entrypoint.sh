#!/bin/sh
# `mc ready local` in the MinIO look-alike (scripts/compose-test/minio.Dockerfile): ready once the S3 API answers on
# :9000, whatever it answers.
exec node -e 'require("http").get("http://127.0.0.1:9000/", () => process.exit(0)).on("error", () => process.exit(1))'
