# One image for both roles of the scale-out topology: the API (default command) and the workers.
FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
      apertium apertium-en-es apertium-es-pt apertium-fr-es apertium-es-it cg3 ffmpeg \
      pocketsphinx pocketsphinx-en-us pocketsphinx-testdata \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY protocol/package.json protocol/
COPY api/package.json api/
COPY workers/package.json workers/
COPY web/package.json web/
RUN npm ci
COPY . .
RUN npm run build
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
# The flags of scripts/api-node-flags.mjs (why: there).
CMD ["node", "--max-semi-space-size=32", "--import", "tsx", "scripts/api.ts"]
