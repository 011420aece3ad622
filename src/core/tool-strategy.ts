/**
 * How a tool is treated (the seed's four settings):
 * - `full`: real values in the arguments, result masked before the model (default);
 * - `input`: real values in the arguments, result sent to the model as returned;
 * - `output`: tokens in the arguments, result masked;
 * - `passthrough`: nothing touched.
 */
export type ToolStrategy = 'full' | 'input' | 'output' | 'passthrough';

export const TOOL_STRATEGIES: readonly ToolStrategy[] = ['full', 'input', 'output', 'passthrough'];
