// A vite plugin that puts the card faces into dist/cards/ from the art package in
// node_modules, with a LICENSE.txt saying where they come from. Nothing is ever
// fetched from the internet; the dev server serves the same files.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { allFaceFiles } from './src/cardfiles';

const ART_PACKAGE = '@heruka_urgyen/react-playing-cards';
// The two-colour, normal-face set: the classic look.
const ART_FOLDER = 'src/images/2color';

function artDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve(`${ART_PACKAGE}/package.json`)), ART_FOLDER);
}

function license(): string {
  const require = createRequire(import.meta.url);
  const pkg = require(`${ART_PACKAGE}/package.json`) as { version: string; license: string };
  return [
    'Card faces (the standard 52 cards and the joker)',
    '',
    `Copied at build time from the npm package ${ART_PACKAGE} ${pkg.version},`,
    `folder ${ART_FOLDER}. The package's code is under the ${pkg.license} licence; the`,
    'card art in it is Adrian Kennard\'s SVG playing cards (https://www.me.uk/cards/),',
    'which he placed in the public domain under CC0 1.0 Universal',
    '(https://creativecommons.org/publicdomain/zero/1.0/).',
    '',
    'The Old Maid picture deck and the card backs are drawn by Parlour\'s own code.',
    '',
  ].join('\n');
}

export function cardFaces(): Plugin {
  return {
    name: 'parlour-card-faces',
    generateBundle() {
      const dir = artDir();
      for (const file of allFaceFiles())
        this.emitFile({ type: 'asset', fileName: `cards/${file}`, source: readFileSync(join(dir, file)) });
      this.emitFile({ type: 'asset', fileName: 'cards/LICENSE.txt', source: license() });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const m = /^\/cards\/([0-9A-Z]{2}\.svg)$/.exec(req.url ?? '');
        if (!m || !allFaceFiles().includes(m[1])) return next();
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(readFileSync(join(artDir(), m[1])));
      });
    },
  };
}
