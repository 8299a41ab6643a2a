/**
 * The answer variables a flow declares: each question's and set step's `variable`, in step order,
 * once each. The export's CSV header is built from them, so it is known before the first row.
 */
export function declaredVariables(flow: { steps: unknown[] }): string[] {
  const names = new Set<string>();
  for (const step of flow.steps) {
    if (!step || typeof step !== 'object') continue;
    const { type, variable } = step as { type?: unknown; variable?: unknown };
    if ((type === 'question' || type === 'set') && typeof variable === 'string' && variable) names.add(variable);
  }
  return [...names];
}
