# Production image: the client is built in the first stage; the runtime stage has production
# dependencies only and runs as the unprivileged `node` user. DATABASE_URL, JWT_SECRET and
# ENCRYPTION_KEY are required at run time (NODE_ENV=production).

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
COPY server ./server
COPY shared ./shared
COPY migrations ./migrations
COPY seeds ./seeds
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The same as `npm start` without the client build (done above): migrate, then serve.
CMD ["node_modules/.bin/tsx", "server/main.ts"]
