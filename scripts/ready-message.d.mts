// Types of ready-message.mjs, which `npm start` imports with plain Node (no TypeScript).
export function readyMessage(env: NodeJS.ProcessEnv): string;
export function addressOf(env: NodeJS.ProcessEnv): string;
export function announceWhenListening(
  env: NodeJS.ProcessEnv,
  print?: (line: string) => void,
  everyMs?: number,
): Promise<void>;
