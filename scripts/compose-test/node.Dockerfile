# Look-alike of the official node:20-bookworm-slim image for scripts/compose-test.sh: Debian bookworm's nodejs is 18,
# so the Node 20 binary and npm come from the machine that runs the test (its own Node 20, as the README requires),
# placed where the official image has them (/usr/local), with the user node (uid 1000). npm's global configuration
# and the trust store are this machine's too, so that `npm ci` in an image build reaches the registry the way this
# machine's npm does (through whatever TLS proxy the machine trusts).
FROM smi-lookalike/bookworm:base
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY npmrc /usr/local/etc/npmrc
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd -g 1000 node && useradd -u 1000 -g node -m -s /bin/bash node \
 && node --version && npm --version
CMD ["node"]
