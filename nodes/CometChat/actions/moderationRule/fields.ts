import { LOCATOR_KINDS, locatorField } from '../../fields/common';

/** The rule an operation acts on. */
export function ruleField(description: string) {
	return locatorField(LOCATOR_KINDS.rule, { name: 'ruleId', displayName: 'Rule', required: true, description });
}
