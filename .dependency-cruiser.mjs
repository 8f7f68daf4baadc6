/**
 * The import-cycle check over the workspace's sources (`pnpm run check:cycles`, which `pnpm run lint`
 * runs after biome). Type-only imports count: a cycle through a shared type is still two modules that
 * can only be read together, and the fix is the same (give the type a file of its own).
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Modules that import each other, directly or around a longer loop: move the shared type or step where both can import it.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.turbo|\\.cache)/' },
    tsPreCompilationDeps: true,
  },
}
