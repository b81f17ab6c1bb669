# One TeenVoice copy. deploy/compose.yaml runs two of them behind HAProxy on PostgreSQL, Redis and an
# S3-compatible store; scripts/scale-out.sh runs the same commands on one machine, and its test keeps
# this file honest (apps/server/src/test/deploy-files.test.ts).

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Native modules (argon2) build here when no prebuilt binary fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/emails/package.json packages/emails/
RUN npm ci --no-audit --no-fund
COPY . .
# The web app and the compiled server, as `npm start` builds them (scripts/build.mjs).
RUN node scripts/build.mjs

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "apps/server/dist/server.js"]
