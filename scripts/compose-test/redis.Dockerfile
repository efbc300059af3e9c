# Look-alike of the official redis:7 image for scripts/compose-test.sh: Debian's redis-server 7, run as the redis
# user in /data, protected mode off (the official image compiles it off: only the container network reaches it).
FROM smi-lookalike/bookworm:base
RUN mkdir -p /data && chown redis:redis /data
COPY redis-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
VOLUME /data
WORKDIR /data
ENTRYPOINT ["docker-entrypoint.sh"]
EXPOSE 6379
CMD ["redis-server"]
