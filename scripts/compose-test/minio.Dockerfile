# Look-alike of the official minio/minio image for scripts/compose-test.sh (MinIO has no Debian package): the S3 API
# on :9000 served by s3rver (npm), with MinIO's root user and password as its one access key, objects under /data;
# `minio server /data` starts it and `mc ready local` answers once it listens, as the compose file's healthcheck asks.
# s3rver does not check Version 4 signatures (it checks the access key); the unit tests' signing is aws4's.
FROM node:20-bookworm-slim
RUN npm install -g --no-audit --no-fund s3rver@3.7.1 && mkdir -p /data
COPY minio-entrypoint.sh /usr/local/bin/minio
COPY mc-entrypoint.sh /usr/local/bin/mc
RUN chmod 755 /usr/local/bin/minio /usr/local/bin/mc
EXPOSE 9000
ENTRYPOINT ["minio"]
CMD ["server", "/data"]
