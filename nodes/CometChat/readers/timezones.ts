/** IANA time zone names (docs/cometchat-api.md, User notifications). */
import type { IExecuteFunctions } from 'n8n-workflow';

import { fieldError, shorten } from './fieldErrors';
import { optionalTextOf } from './text';

/** A name of the IANA time zone database (Region/City, or UTC), as opposed to an offset such as +02:00. */
const ZONE_NAME = /^[A-Za-z][A-Za-z_]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** Whether this Node.js knows the name as an IANA time zone, e.g. Asia/Tokyo. */
function isIanaZone(name: string): boolean {
	if (!ZONE_NAME.test(name)) return false;
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: name });
		return true;
	} catch {
		return false;
	}
}

/** An optional IANA time zone name: undefined when empty; anything else must be one, e.g. Asia/Tokyo. */
export function optionalTimeZoneOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): string | undefined {
	const zone = optionalTextOf(context, itemIndex, label, value)?.trim();
	if (zone === undefined || isIanaZone(zone)) return zone;
	throw fieldError(
		context,
		itemIndex,
		label,
		`holds "${shorten(zone)}", which is not an IANA time zone name`,
		`Enter a name such as Europe/Berlin, America/New_York or UTC in '${label}' (not an offset such as +02:00).`,
	);
}
