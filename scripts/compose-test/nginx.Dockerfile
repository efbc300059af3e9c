# Look-alike of the official nginx:1.27 image for scripts/compose-test.sh: Debian's nginx with the stream module
# (the official build has it built in; Debian loads it as a module, so `nginx` reads the modules and then the
# operator's /etc/nginx/nginx.conf), the user nginx with uid 101, `nginx -g 'daemon off;'`.
FROM smi-lookalike/bookworm:base
# uid/gid 101 are postgres / ssl-cert in the shared Debian root; this image has no use for them
RUN userdel postgres && groupdel ssl-cert \
 && groupadd -r -g 101 nginx && useradd -r -u 101 -g nginx -d /nonexistent -s /usr/sbin/nologin nginx \
 && mv /usr/sbin/nginx /usr/sbin/nginx.debian \
 && printf 'include /etc/nginx/modules-enabled/*.conf;\ninclude /etc/nginx/nginx.conf;\n' >/etc/nginx/lookalike-main.conf \
 && printf '#!/bin/sh\nexec /usr/sbin/nginx.debian -c /etc/nginx/lookalike-main.conf "$@"\n' >/usr/sbin/nginx && chmod 755 /usr/sbin/nginx \
 && chown -R nginx:nginx /var/lib/nginx /var/log/nginx
STOPSIGNAL SIGQUIT
EXPOSE 80
CMD ["nginx", "-g", "daemon off;"]
