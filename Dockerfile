# One image for every Pixtract service; docker-compose.yml picks each one's entry point.

# npm manifests only: the dependency layer below is rebuilt only when one of them changes.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json -delete && find . -type d -empty -delete

# Dependencies, then the build of every lib, service and the web app.
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 NX_DAEMON=false NX_NO_CLOUD=true
COPY --from=manifests /app ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npx nx run-many -t build --output-style=stream \
 && npm prune --omit=dev --no-audit --no-fund

# Runtime: Node, the built monorepo and Debian's Chromium (the extractor's browser).
FROM node:20-bookworm-slim AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-liberation fonts-noto-color-emoji ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production CHROMIUM_PATH=/usr/bin/chromium WEB_DIST=/app/web/dist
COPY --from=build --chown=node:node /app ./
USER node
# Every service answers /ready on its PORT: 200 once its Postgres/Redis are reachable.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "services/gateway/dist/main.js"]
