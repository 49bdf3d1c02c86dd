// The baseline of bench/http/heroes-get.bench.mjs: GET /api/heroes/{id} served by one plain process,
// Fastify + pg, no framework, no message bus. It does the same work as the gateway and the heroes service
// together, minus the hop between them: checks the Bearer token (EdDSA, auth's public key, like the
// gateway), runs the very statements the heroes service's query sends for the hero (captured by the bench
// and handed over in BASELINE_SQL), turns the row into a hero with the service's own row mapping, and
// answers the same JSON: the heroes service's own HeroPresenter (from its build), with media URLs signed
// by the same signer. Started by the bench as a child process; prints
// `listening <port>` when ready.
//   env: PORT, DATABASE_URL, AUTH_KEYS_DIR, MEDIA_URL_SECRET, MEDIA_URL_TTL_SECONDS, DB_POOL_SIZE, BASELINE_SQL
// The presenter's decorators read Reflect's metadata API.
import 'reflect-metadata';
import { HERO_ID_PATTERN } from '@starborn/contracts';
import { Clock, loadDevPublicKey } from '@starborn/runtime';
import { MediaUrlSigner } from '@starborn/storage';
import Fastify from 'fastify';
import { importSPKI, jwtVerify } from 'jose';
import pg from 'pg';
import { HeroPresenter } from '../../services/heroes/dist/heroes/hero.presenter.js';
import { heroFromRow } from '../../services/heroes/dist/heroes/hero.queries.js';

const env = process.env;
const PREVIEW_PREFIX = 'preview-';
const TTL_SECONDS = Number(env.MEDIA_URL_TTL_SECONDS ?? 3600);
/**
 * [{ text, params: ['heroId' | 'userId' | literal] }], in order; one that finds no row means "not found";
 * the last one's row is the hero.
 */
const STATEMENTS = JSON.parse(env.BASELINE_SQL);

const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: Number(env.DB_POOL_SIZE ?? 10) });
const key = await importSPKI(await loadDevPublicKey(env.AUTH_KEYS_DIR), 'EdDSA');
const presenter = new HeroPresenter(new MediaUrlSigner(env.MEDIA_URL_SECRET), new Clock(), {
  MEDIA_URL_TTL_SECONDS: TTL_SECONDS,
});

async function userOf(request) {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Bearer ')) return undefined;
  try {
    const { payload } = await jwtVerify(header.slice(7), key, {
      algorithms: ['EdDSA'],
      issuer: 'starborn-auth',
      audience: 'starborn',
    });
    return typeof payload.sub === 'string' ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}

async function findOwned(userId, heroId) {
  if (!HERO_ID_PATTERN.test(heroId)) return null;
  const client = await pool.connect();
  try {
    let rows = [];
    for (const statement of STATEMENTS) {
      const values = statement.params.map((param) =>
        param === 'heroId' ? heroId : param === 'userId' ? userId : param,
      );
      ({ rows } = await client.query(statement.text, values));
      if (rows.length === 0) return null;
    }
    return heroFromRow(rows[0]);
  } finally {
    client.release();
  }
}

const app = Fastify({ logger: false });
const notFound = { statusCode: 404, code: 'NOT_FOUND', message: 'Hero not found.' };
app.get('/api/heroes/:id', async (request, reply) => {
  const userId = await userOf(request);
  if (!userId) return reply.code(401).send({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Sign in.' });
  const id = request.params.id;
  const preview = id.startsWith(PREVIEW_PREFIX);
  const hero = await findOwned(userId, preview ? id.slice(PREVIEW_PREFIX.length) : id);
  if (!hero) return reply.code(404).send(notFound);
  return presenter.present(hero, { preview });
});

const shutdown = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

await app.listen({ host: '127.0.0.1', port: Number(env.PORT ?? 0) });
console.log(`listening ${app.server.address().port}`);
