# The survey panel in one image. `npm start` applies pending migrations, seeds, then serves on PORT.
#
#   docker build -t survey-panel .
#
# Embedded database (PGlite, the default): the data lives in /app/data, so keep it on a volume, and
# never start two containers on the same volume (PGlite is single-process). Demo accounts are seeded
# unless SEED_DEMO=0 (docs/decisions/005).
#   docker run -p 3000:3000 -v panel-data:/app/data survey-panel
#
# PostgreSQL: any number of containers behind a load balancer, all with the same SESSION_SECRET.
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

# ─── Runtime: production dependencies, the build, and what `npm start` runs first ───
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production PORT=3000 \
    NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# Production dependencies only. tsx is one of them on purpose: the migrate script and the seed run
# with it at every start. --ignore-scripts: nothing has to run at install here. The generated client
# is copied from the build stage rather than made by our postinstall (`prisma generate`, a
# devDependency's CLI), and @prisma/engines' postinstall would try to download engines.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

# build/: the server and the browser assets (public/ is copied into build/client by the build).
# app/: the generated Prisma client (app/generated) and the sources that scripts/migrate.ts and
# prisma/seed.ts import through tsx, which resolves the `~/` alias from tsconfig.json.
# prisma/: the migrations the migrate script applies, the schema and the seed.
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
# A HEALTHCHECK on /healthz is added together with that route.
CMD ["npm", "start"]
