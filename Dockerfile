# Production image: the client is built and the server compiled to JavaScript in the first stage;
# the runtime stage has production dependencies only and runs as the unprivileged `node` user.
# DATABASE_URL, JWT_SECRET, ENCRYPTION_KEY, SHOP_IBAN, SHOP_BIC and the seller (SELLER_NAME,
# SELLER_LEGAL_FORM, SELLER_ADDRESS, SELLER_VAT_NUMBER, SELLER_EMAIL, SELLER_HOSTING_NAME,
# SELLER_HOSTING_ADDRESS: README, The seller) are required at run time (NODE_ENV=production). The first admin:
# `docker run --rm -it -e DATABASE_URL=… storefront node dist-server/server/staff-create.js --email … --role admin`
# (README, Production).

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# Read at run time: the locales (mails), the migrations' names (knex_migrations keeps `*.ts`).
COPY shared ./shared
COPY migrations ./migrations
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The same as `npm start` without the build (done above): the compiled server migrates, then serves.
CMD ["node", "--enable-source-maps", "dist-server/server/main.js"]
