// POST /__emulator/forms/:messageId/submit: the emulator presses a form's button as the CometChat
// client would, and calls the button's API action on a local HTTP server that records the request.
const http = require('http');
const { useStarted } = require('./helpers');

const ctx = useStarted();
/** @type {{ server: http.Server, url: string, received: any[], status: number }} */
const hook = { server: undefined, url: '', received: [], status: 200 };

beforeAll(async () => {
	hook.server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (chunk) => (raw += chunk));
		req.on('end', () => {
			hook.received.push({ method: req.method, url: req.url, headers: req.headers, body: raw === '' ? undefined : JSON.parse(raw) });
			res.writeHead(hook.status, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ got: true }));
		});
	});
	await new Promise((resolve) => hook.server.listen(0, '127.0.0.1', resolve));
	hook.url = `http://127.0.0.1:${hook.server.address().port}`;
});
afterAll(() => new Promise((resolve) => hook.server.close(resolve)));

beforeEach(() => {
	hook.received = [];
	hook.status = 200;
	const s = ctx.emu.store;
	s.reset();
	s.addUser({ uid: 'ann', name: 'Ann' });
	s.addUser({ uid: 'bob', name: 'Bob' });
});

const button = (elementId, action) => ({ elementType: 'button', elementId, buttonText: elementId, disableAfterInteracted: true, action });
async function sendForm(submitAction, formFields = []) {
	const r = await ctx.as('ann').post('/messages', {
		receiver: 'bob',
		receiverType: 'user',
		category: 'interactive',
		type: 'form',
		data: { interactiveData: { title: 'May I?', formFields, submitElement: button('submit', submitAction) } },
	});
	expect(r.status).toBe(200);
	return r.data.data.id;
}

test('the submit button: method, URL, headers, and the answers under the data key with who answered', async () => {
	const id = await sendForm(
		{
			actionType: 'apiAction',
			url: `${hook.url}/resume/n1?approved=true&signature=abc`,
			method: 'POST',
			dataKey: 'answers',
			payload: { ticket: 7 },
			headers: { 'X-Extra': 'yes' },
		},
		[{ elementType: 'textInput', elementId: 'reason', label: 'Reason' }],
	);
	const r = await ctx.control.post(`/forms/${id}/submit`, { as: 'bob', answers: { reason: 'fine by me' }, timezone: 'Europe/Berlin' });
	expect(r.status).toBe(200);
	expect(r.data.data.response).toEqual({ status: 200, body: { got: true } });
	expect(hook.received).toHaveLength(1);
	const [request] = hook.received;
	expect(request.method).toBe('POST');
	expect(request.url).toBe('/resume/n1?approved=true&signature=abc');
	expect(request.headers['content-type']).toBe('application/json');
	expect(request.headers['x-extra']).toBe('yes');
	expect(request.body).toEqual({
		appID: 'test-app',
		trigger: 'ui_message_interacted',
		payload: { ticket: 7 },
		data: {
			conversationId: 'ann_user_bob',
			sender: 'ann',
			receiver: 'bob',
			receiverType: 'user',
			messageCategory: 'interactive',
			messageType: 'form',
			messageId: Number(id),
			interactionTimezoneCode: 'Europe/Berlin',
			interactedBy: 'bob',
			interactedElementId: 'submit',
		},
		answers: { reason: 'fine by me' },
	});
	expect(r.data.data.request.body).toEqual(request.body);
});

test('a button among the form fields by elementId; without a data key the answers go under CometChatData', async () => {
	const id = await sendForm({ actionType: 'apiAction', url: `${hook.url}/yes`, method: 'POST' }, [
		button('decline', { actionType: 'apiAction', url: `${hook.url}/no`, method: 'PUT' }),
	]);
	const r = await ctx.control.post(`/forms/${id}/submit`, { as: 'bob', elementId: 'decline' });
	expect(r.status).toBe(200);
	expect(hook.received.map((q) => [q.method, q.url])).toEqual([['PUT', '/no']]);
	expect(hook.received[0].body.CometChatData).toEqual({});
	expect(hook.received[0].body.data.interactedElementId).toBe('decline');
});

test("the receiver's answer status comes back as is", async () => {
	hook.status = 401;
	const id = await sendForm({ actionType: 'apiAction', url: `${hook.url}/x`, method: 'POST' });
	const r = await ctx.control.post(`/forms/${id}/submit`, { as: 'bob' });
	expect(r.data.data.response.status).toBe(401);
});

test('refused: no as, an unknown user, an unknown button, a URL navigation, a message that is not a form', async () => {
	const id = await sendForm({ actionType: 'urlNavigation', url: `${hook.url}/page` });
	expect((await ctx.control.post(`/forms/${id}/submit`, {})).status).toBe(400);
	expect((await ctx.control.post(`/forms/${id}/submit`, { as: 'nobody' })).status).toBe(404);
	const unknown = await ctx.control.post(`/forms/${id}/submit`, { as: 'bob', elementId: 'nope' });
	expect(unknown.status).toBe(400);
	expect(unknown.data.error.details.elementId[0]).toBe('The form has no button "nope" (buttons: submit).');
	const navigation = await ctx.control.post(`/forms/${id}/submit`, { as: 'bob' });
	expect(navigation.status).toBe(400);
	expect(navigation.data.error.message).toContain('no API action');
	const text = await ctx.as('ann').post('/messages', { receiver: 'bob', receiverType: 'user', data: { text: 'hi' } });
	const notForm = await ctx.control.post(`/forms/${text.data.data.id}/submit`, { as: 'bob' });
	expect(notForm.status).toBe(400);
	expect((await ctx.control.post('/forms/999/submit', { as: 'bob' })).status).toBe(404);
	expect(hook.received).toHaveLength(0);
});
