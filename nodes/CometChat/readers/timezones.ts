/** IANA time zone names (docs/cometchat-api.md, User notifications). */
import type { IExecuteFunctions } from 'n8n-workflow';

import { fieldError, shorten } from './fieldErrors';
import { optionalTextOf } from './text';

/** A name of the IANA time zone database (Region/City, or UTC), as opposed to an offset such as +02:00. */
const ZONE_NAME = /^[A-Za-z][A-Za-z_]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** The name as the IANA database spells it, when this Node.js knows it as a time zone (it reads names in any case). */
function canonicalZoneOf(name: string): string | undefined {
	if (!ZONE_NAME.test(name)) return undefined;
	try {
		return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
	} catch {
		return undefined;
	}
}

/**
 * An optional IANA time zone name: undefined when empty; anything else must be one, e.g. Asia/Tokyo,
 * spelt as the database spells it. IANA names are case-sensitive: Node.js reads `europe/paris`, but
 * the service and the phones that use the zone need not, so a name in another case is refused with
 * the right spelling. (An alias such as US/Pacific, which Node.js answers with another name, is taken
 * as given.)
 */
export function optionalTimeZoneOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): string | undefined {
	const zone = optionalTextOf(context, itemIndex, label, value)?.trim();
	if (zone === undefined) return undefined;
	const canonical = canonicalZoneOf(zone);
	if (canonical !== undefined && canonical !== zone && canonical.toLowerCase() === zone.toLowerCase()) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`holds "${shorten(zone)}"; time zone names are case-sensitive, and this one is spelt "${canonical}"`,
			`Enter "${canonical}" in '${label}'.`,
		);
	}
	if (canonical !== undefined) return zone;
	throw fieldError(
		context,
		itemIndex,
		label,
		`holds "${shorten(zone)}", which is not an IANA time zone name`,
		`Enter a name such as Europe/Berlin, America/New_York or UTC in '${label}' (not an offset such as +02:00).`,
	);
}
