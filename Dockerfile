# syntax=docker/dockerfile:1
# Aurum's image: the server and the built console on Node 24, run as a non-root user.
#   docker build -t aurum --build-arg AURUM_BUILD_COMMIT=$(git rev-parse HEAD) .
# compose.yaml runs three of these behind HAProxy on one PostgreSQL (README "Run in production").

ARG NODE_IMAGE=node:24-bookworm-slim

# 0. manifests: the workspace's package files, all npm ci needs (the layer stays cached until one changes)
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

# 1. build: every dependency (the console's toolchain too), then the console's production build
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. dependencies the server needs at run time only (sharp's native binary for this platform)
FROM manifests AS deps
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. runtime: sources (Node 24 runs the TypeScript as is), production dependencies, the built console
FROM ${NODE_IMAGE} AS runtime
ARG AURUM_BUILD_BRANCH=unknown
ARG AURUM_BUILD_COMMIT=unknown
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST=/app/apps/web/dist \
    AURUM_BUILD_BRANCH=${AURUM_BUILD_BRANCH} \
    AURUM_BUILD_COMMIT=${AURUM_BUILD_COMMIT}
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --chown=root:root package.json package-lock.json ./
COPY --chown=root:root packages/domain ./packages/domain
COPY --chown=root:root apps/server ./apps/server
COPY --from=build --chown=root:root /app/apps/web/dist ./apps/web/dist
COPY --chown=root:root apps/web/package.json ./apps/web/package.json
# the code belongs to root and is read only for the process; only /data (PGlite, backups) is its own
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# liveness only (no database call): a database outage must not make the orchestrator kill processes
# that will serve again by themselves; readiness (/readyz) is the proxy's business
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# the production start: migrations run at start; NODE_ENV=production seeds nothing (create the
# first superAdmin with `npm run admin:create`, README "Production"). Node receives SIGTERM itself
# (no npm in between) and drains (DRAIN_SECONDS) before it exits.
CMD ["node", "--no-wasm-tier-up", "--no-wasm-dynamic-tiering", "apps/server/src/server.ts"]
