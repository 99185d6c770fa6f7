# The survey panel in one image. `npm start` checks the configuration, applies pending migrations,
# seeds, then runs the production server (scripts/server.ts) on PORT. docs/deployment.md explains
# how to run it; this file has not been built on the machines the project is developed on (they
# have no container engine), so build and smoke-test it once before relying on it.
#
#   docker build -t survey-panel .
#
# The image starts production only: no demo accounts, no development or test route, whatever the
# environment says (docs/decisions/031-start-modes.md). The first admin comes from the command line,
# the password typed twice at the prompt (-it) or piped on standard input.
#
# Embedded database (PGlite, the default): the data lives in /app/data, so keep it on a volume, and
# never start two containers on the same volume (PGlite is single-process), so create the first
# admin before the first start, or with the app's container stopped:
#   docker run --rm -it -v panel-data:/app/data survey-panel npm run admin:create -- --email you@example.com --name "Your Name"
#   docker run -p 3000:3000 -v panel-data:/app/data -e APP_URL=https://… survey-panel
#
# PostgreSQL: any number of containers behind a load balancer, all with the same SESSION_SECRET
# (docker-compose.yml runs one with a PostgreSQL beside it).
#   docker run -p 3000:3000 -e DATABASE_URL=postgresql://… -e SESSION_SECRET=… \
#     -e APP_URL=https://… -e SMTP_URL=smtps://… survey-panel

# ─── Build: all dependencies, the Prisma client, the Remix build ───
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# Install scripts are skipped: the image's npm 10 does not read package.json's allowScripts, so
# @prisma/engines' postinstall would try to download native engines we never use. The one script
# we need, the postinstall's `prisma generate`, runs explicitly below.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts

COPY . .
RUN npm run db:generate && npm run build

# ─── Runtime: production dependencies, the build, and what `npm start` runs ───
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production PORT=3000 \
    NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# Production dependencies only. tsx is one of them on purpose: the configuration check, the migrate
# script, the seed and the server itself run with it. --ignore-scripts: nothing has to run at
# install here. The generated client is copied from the build stage rather than made by our
# postinstall (`prisma generate`, a devDependency's CLI), and @prisma/engines' postinstall would try
# to download engines.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

# build/: the server bundle and the browser assets (public/ is copied into build/client by the build).
# app/: the generated Prisma client (app/generated) and the sources that scripts/*.ts and
# prisma/seed.ts import through tsx, which resolves the `~/` alias from tsconfig.json.
# prisma/: the migrations (applied at start, and compared by /readyz), the schema and the seed.
# scripts/: the production server, the migrate script, admin:create and the jobs (`npm run jobs -- …`).
# tests/ is not copied: the end-to-end harness and its fixtures never reach the image.
COPY --from=build /app/build ./build
COPY --from=build /app/app ./app
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/tsconfig.json ./tsconfig.json

# The code stays owned by root, read-only to the server. Only data/ (embedded database, generated
# session secret, mail outbox) is writable, and owned by the unprivileged `node` user of the image;
# a new named volume mounted there inherits that owner.
RUN mkdir -p data && chown node:node data
USER node

EXPOSE 3000
# /healthz answers 200 when the server runs and the database answers (docs/deployment.md). The
# image has no curl: Node's fetch asks. The start period covers migrations and the seed.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# npm passes SIGTERM on to the server, which drains and exits 0 within SHUTDOWN_TIMEOUT_SECONDS
# (default 8 s, inside `docker stop`'s 10 s).
CMD ["npm", "start"]
