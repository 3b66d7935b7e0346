// The media files attachments link to: GET /media/{id}/{name} on the chat host (no apikey), added
// through the control API or emu.addMedia; faults apply, the request is logged.
const axios = require('axios');
const { useStarted } = require('./helpers');

const ctx = useStarted();
beforeEach(() => {
	ctx.emu.store.reset();
	ctx.emu.clearRequests();
});
const media = axios.create({ validateStatus: () => true, responseType: 'arraybuffer' });

describe('media files', () => {
	test('POST /__emulator/media keeps a file; GET serves its bytes, type and name without an apikey', async () => {
		const bytes = Buffer.from([0, 1, 2, 250, 255]);
		const added = (await ctx.control.post('/media', { name: 'photo one.png', mimeType: 'image/png', base64: bytes.toString('base64') }))
			.data.data;
		expect(added).toEqual({
			path: '/media/f1/photo%20one.png',
			attachment: { name: 'photo one.png', mimeType: 'image/png', extension: 'png', size: '5' },
		});
		const r = await media.get(`${ctx.emu.baseUrl}${added.path}`);
		expect(r.status).toBe(200);
		expect(Buffer.from(r.data)).toEqual(bytes);
		expect(r.headers['content-type']).toBe('image/png');
		expect(r.headers['content-disposition']).toBe('inline; filename="photo one.png"');
		expect(ctx.emu.requests.map((q) => [q.method, q.path, q.status])).toEqual([['GET', added.path, 200]]);
	});

	test('emu.addMedia answers the URL and the attachment; text and a size in bytes are content too; reset empties', async () => {
		const { url, attachment } = ctx.emu.addMedia({ name: 'a.txt', mimeType: 'text/plain', bytes: Buffer.from('hi') });
		expect(attachment).toEqual({ name: 'a.txt', mimeType: 'text/plain', extension: 'txt', size: '2', url });
		expect(Buffer.from((await media.get(url)).data).toString()).toBe('hi');
		const text = (await ctx.control.post('/media', { name: 'b', text: 'abc' })).data.data;
		expect(text.attachment).toMatchObject({ mimeType: 'application/octet-stream', extension: '', size: '3' });
		const sized = (await ctx.control.post('/media', { name: 'c.bin', size: 1000 })).data.data;
		expect((await media.get(`${ctx.emu.baseUrl}${sized.path}`)).data.byteLength).toBe(1000);
		expect((await ctx.control.post('/media', { name: 'd' })).status).toBe(400);
		ctx.emu.store.reset();
		expect((await media.get(url)).status).toBe(404);
	});

	test('an unknown file is a 404; a fault aimed at the media path applies to it', async () => {
		expect((await media.get(`${ctx.emu.baseUrl}/media/f9/none.png`)).status).toBe(404);
		const { url } = ctx.emu.addMedia({ name: 'x.bin', bytes: Buffer.alloc(10) });
		ctx.emu.injectNext(['503'], { pathPrefix: '/media/' });
		expect((await media.get(url)).status).toBe(503);
		expect((await media.get(url)).status).toBe(200);
	});
});
