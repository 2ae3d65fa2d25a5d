// The layer rules of eslint.config.js fire (issue 29): each import a layer forbids is reported where
// it is written, and its allowed neighbour is not. Runs ESLint's Node API on snippets placed at
// paths in each layer (type information off: the layer rule needs none).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RULE = '@typescript-eslint/no-restricted-imports';
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
        '@typescript-eslint/await-thenable': 'off',
        '@typescript-eslint/no-unused-vars': 'off',
      },
    },
  });
});

/** The layer messages ESLint reports for `code` written at `file`. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(root, file) });
  const messages = result!.messages;
  const other = messages.filter((m) => m.ruleId !== RULE && m.fatal);
  expect(other, JSON.stringify(other)).toEqual([]);
  return messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

async function expectRefused(file: string, code: string, reason: RegExp) {
  const errors = await layerErrors(file, code);
  // One restriction or more (a server path in src/shared is both outside it and not zod); all say why.
  expect(errors.length, `${file}: ${code}`).toBeGreaterThan(0);
  for (const error of errors) expect(error).toMatch(reason);
}

async function expectAllowed(file: string, code: string) {
  expect(await layerErrors(file, code), `${file}: ${code}`).toEqual([]);
}

describe('src/shared imports nothing outside itself', () => {
  it('refuses the server, the client, the generated client and packages other than zod, at any depth', async () => {
    const reason = /src\/shared imports (nothing outside itself|only itself and zod)/;
    await expectRefused('src/shared/probe.ts', "import { env } from '~/server/env.ts';", reason);
    await expectRefused('src/shared/probe.ts', "import { trpc } from '~/client/trpc.ts';", reason);
    await expectRefused('src/shared/probe.ts', "import { env } from '../server/env.ts';", reason);
    await expectRefused('src/shared/probe.ts', "import { Prisma } from '../generated/prisma/client.ts';", reason);
    await expectRefused('src/shared/probe.ts', "import pg from 'pg';", reason);
    await expectRefused('src/shared/probe.ts', "import crypto from 'node:crypto';", reason);
    await expectRefused('src/shared/schemas/probe.ts', "import { env } from '../../server/env.ts';", reason);
    await expectRefused('src/shared/schemas/probe.ts', "import { x } from '../../x.ts';", reason);
  });

  it('allows itself and zod', async () => {
    await expectAllowed('src/shared/probe.ts', "import { z } from 'zod';\nimport { a } from './format.ts';\nimport { b } from '~/shared/constants.ts';");
    await expectAllowed('src/shared/schemas/probe.ts', "import { a } from '../format.ts';\nimport { b } from './bounds.ts';");
  });
});

describe('domain/ imports no router, REST, HTTP or tRPC code', () => {
  it('refuses each of them', async () => {
    const file = 'src/server/domain/probe.ts';
    await expectRefused(file, "import { TRPCError } from '@trpc/server';", /domain\/ knows no transport/);
    await expectRefused(file, "import type { Context } from 'hono';", /domain\/ knows no transport/);
    await expectRefused(file, "import { adminRouter } from '../routers/admin.ts';", /no router, REST or HTTP code/);
    await expectRefused(file, "import { restRoutes } from '../rest/routes.ts';", /no router, REST or HTTP code/);
    await expectRefused(file, "import { securityHeaders } from '../http/security.ts';", /no router, REST or HTTP code/);
    await expectRefused('src/server/domain/views/probe.ts', "import { x } from '../../routers/_app.ts';", /no router, REST or HTTP code/);
    await expectRefused(file, "import { adminProcedure } from '../trpc.ts';", /no tRPC or HTTP app code/);
    await expectRefused(file, "import { createApp } from '../app.ts';", /no tRPC or HTTP app code/);
    await expectRefused(file, "import { createContextInner } from '../context.ts';", /never its code/);
  });

  it('allows the database, the shared rules and the context’s types', async () => {
    await expectAllowed(
      'src/server/domain/probe.ts',
      "import type { RequestMeta } from '../context.ts';\nimport type { Db } from '../db/index.ts';\nimport { a } from '~/shared/format.ts';",
    );
  });
});

describe('client code imports from the server only the router’s type', () => {
  it('refuses any other server import, and a value import of the router', async () => {
    await expectRefused('src/components/probe.tsx', "import { appRouter } from '~/server/routers/_app.ts';", /only `import type \{ AppRouter \}`/);
    await expectRefused('src/components/auth/probe.tsx', "import type { CurrentUser } from '~/server/domain/views/user-view.ts';", /nothing from the server/);
    await expectRefused('src/routes/probe.tsx', "import { env } from '../server/env.ts';", /nothing from the server/);
    await expectRefused('src/client/probe.ts', "import { db } from '~/server/db/index.ts';", /nothing from the server/);
  });

  it('allows `import type` of the router', async () => {
    await expectAllowed('src/client/probe.ts', "import type { AppRouter } from '~/server/routers/_app.ts';");
  });
});

describe('RouterOutputs is declared once', () => {
  it('refuses inferRouterOutputs / inferRouterInputs in client code other than src/client/trpc.ts', async () => {
    await expectRefused('src/components/probe.tsx', "import type { inferRouterOutputs } from '@trpc/server';", /RouterOutputs from ~\/client\/trpc\.ts/);
    await expectRefused('src/client/auth/probe.ts', "import type { inferRouterInputs } from '@trpc/server';", /RouterOutputs from ~\/client\/trpc\.ts/);
    await expectAllowed('src/client/trpc.ts', "import type { inferRouterOutputs } from '@trpc/server';");
    await expectAllowed('src/components/probe.tsx', "import type { RouterOutputs } from '~/client/trpc.ts';");
  });
});

describe('the tRPC client loads with the pages that call the server only', () => {
  it('refuses a runtime import of @trpc/client in client code other than src/client/trpc.ts; `import type` passes', async () => {
    await expectRefused('src/client/probe.ts', "import { TRPCClientError } from '@trpc/client';", /Only src\/client\/trpc\.ts imports @trpc\/client/);
    await expectRefused('src/components/toast/probe.ts', "import { httpBatchLink } from '@trpc/client';", /Only src\/client\/trpc\.ts imports @trpc\/client/);
    await expectAllowed('src/client/probe.ts', "import type { TRPCClientError } from '@trpc/client';");
    await expectAllowed('src/client/trpc.ts', "import { httpBatchLink } from '@trpc/client';");
  });
});

describe('production code imports no test code', () => {
  it('refuses test helpers and test libraries in the seed, the demo data and the server; tests may use them', async () => {
    await expectRefused('prisma/seed.ts', "import { DEFAULT_PASSWORD } from '../src/server/test/factories.ts';", /imports no test code/);
    await expectRefused('src/server/demo-data.ts', "import { createUser } from './test/factories.ts';", /imports no test code/);
    await expectRefused('src/server/payments/probe.ts', "import { FakeStripe } from '../test/fake-stripe.ts';", /imports no test code/);
    await expectRefused('src/server/domain/probe.ts', "import { fixedClock } from '../test/services.ts';", /imports no test code/);
    await expectRefused('src/server/probe.ts', "import { expect } from 'vitest';", /Test libraries belong to tests/);
    await expectAllowed('src/server/routers/probe.test.ts', "import { expect } from 'vitest';\nimport { callerAs } from '../test/harness.ts';");
    await expectAllowed('src/server/test/probe.ts', "import { createUser } from './factories.ts';");
  });
});
