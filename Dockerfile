# syntax=docker/dockerfile:1
# The product's image: one image for the api processes and the MQTT gateways (docker-compose.yml picks the command).
# Build stage: the workspace installed from the lockfile, the web app built with vite, the api server and the gateway
# bundled to plain JavaScript (esbuild, decision 005), then the dev dependencies pruned. Runtime stage: that tree, run
# as the unprivileged user `node`. No secret is read at build time: every one comes from the environment at start.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV TURBO_TELEMETRY_DISABLED=1 npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/gateway/package.json apps/gateway/
COPY packages/base-setups/package.json packages/base-setups/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/devices/package.json packages/devices/
COPY packages/ntrip/package.json packages/ntrip/
COPY packages/occupations/package.json packages/occupations/
COPY packages/outbound/package.json packages/outbound/
COPY packages/geodesy/package.json packages/geodesy/
COPY packages/feature-codes/package.json packages/feature-codes/
COPY packages/design/package.json packages/design/
COPY packages/lint-rules/package.json packages/lint-rules/
COPY packages/rtcm/package.json packages/rtcm/
COPY packages/simulator/package.json packages/simulator/
COPY bench/package.json bench/
RUN npm ci
COPY . .
# The bundles keep each source's own place (import.meta.url of the migrations folder, the built web app, the
# database thread), so the runtime keeps the same /app layout.
RUN npm run build -w @smi/web \
 && npm run bundle -w @smi/api \
 && node --import tsx deploy/bundle-gateway.ts \
 && npm prune --omit=dev

FROM ${NODE_IMAGE}
# openssl generates the self-signed pair of a first start (deploy/certs.sh); the official slim image lacks it.
RUN command -v openssl >/dev/null || (apt-get update && apt-get install -y --no-install-recommends openssl \
      && rm -rf /var/lib/apt/lists/*)
ENV NODE_ENV=production DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
# /data: the mail outbox without SMTP_URL; /certs and /ca (the generated CA's key): owned by uid 101 (the proxy's
# user) so that new named volumes mounted there are writable by the certs service, which runs as that user.
RUN mkdir -p /data /certs /ca && chown node:node /data && chown 101:101 /certs /ca && chmod 700 /ca
USER node
EXPOSE 3000 1883 2101
HEALTHCHECK --interval=10s --timeout=20s --start-period=120s --retries=5 CMD ["node", "deploy/healthcheck.mjs", "http"]
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=100", "apps/api/dist/main.js"]
