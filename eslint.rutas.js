/**
 * Thin routes (docs/desarrollo.md): a route parses, authorizes and makes one call to its
 * feature's service — no SQL, no transaction of its own — and is registered from its one
 * declaration in the route map. Kept apart from eslint.config.js so that
 * scripts/rutas-delgadas.test.ts can prove, without type information, that a violation fails.
 */
export const rutasDelgadas = {
  files: ['src/server/features/*/routes.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '**/repository', '**/db/schema'],
            message: 'Una ruta no corre SQL: llame al servicio de su módulo (servicio.ts).',
          },
        ],
      },
    ],
    'no-restricted-syntax': [
      'error',
      {
        selector:
          'CallExpression[callee.property.name=/^(transaction|execute|select|insert|update|delete)$/]',
        message:
          'Una ruta no corre SQL ni abre transacciones: llame al servicio de su módulo (servicio.ts).',
      },
      {
        // Its path, schemas and answers are declared once, in the route map: app.get/post
        // would declare them a second time.
        selector:
          'CallExpression[callee.object.name="app"][callee.property.name=/^(get|post|put|patch|head|options|all|route)$/]',
        message:
          "Registre la ruta con ruta(app, 'MÉTODO /api/…', { acceso, handler }) (plugins/ruta.ts): su camino, esquemas y respuestas se declaran una vez, en src/shared/contracts/rutas.ts.",
      },
    ],
  },
};
