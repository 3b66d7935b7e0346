import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The webhook trigger names the emulator accepts and sends, read from its own transcription of
 * CometChat's documentation (triggers.json, with its source), never from the node: the emulator is
 * an independent check of the node's list.
 */
const triggers = JSON.parse(readFileSync(path.join(__dirname, 'triggers.json'), 'utf8')) as {
	documented: string[];
	namedElsewhere: string[];
};

export const WEBHOOK_EVENT_NAMES: readonly string[] = [...triggers.documented, ...triggers.namedElsewhere];
