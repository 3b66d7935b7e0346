// @ts-check
/**
 * The person in the chat, played by the emulator: it presses a button of an interactive form as
 * the CometChat client does (`POST /__emulator/forms/:id/submit`), so n8n's signed resume URL is
 * called from "the device".
 */

/**
 * Presses a form's button as `body.as` (with `elementId` for a button other than submit, and the
 * form's `answers`); answers what n8n replied to the button's call.
 * @param {string} emulatorUrl the emulator's chat host @param {string} messageId the form's message
 * @param {Record<string, unknown>} body
 */
async function pressFormButton(emulatorUrl, messageId, body) {
	const response = await fetch(`${emulatorUrl}/__emulator/forms/${messageId}/submit`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	const json = await response.json();
	if (response.status !== 200) throw new Error(`the emulator could not press the button: ${JSON.stringify(json)}`);
	return /** @type {{ request: any, response: { status: number, body: any } }} */ (json.data);
}

module.exports = { pressFormButton };
