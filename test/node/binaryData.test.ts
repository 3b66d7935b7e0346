/**
 * Files from and to binary data, through n8n's engine against the emulator over real HTTP: a
 * keyword list's CSV file uploaded from the input item's binary property (the only published
 * operation that takes a file), and a message's attachments downloaded into binary properties
 * (Message → Get and Get Many, Download Attachments).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const store = () => emulator().store;
const run = async (parameters: INodeParameters, input?: IDataObject[], nodeOptions = {}) =>
	await runNode(credentialsFor(emulator()), parameters, input, nodeOptions);

const CSV = 'darn,heck\nfrick\r\ngosh\n';

describe('Keyword List: the CSV file from binary data', () => {
	it('Create uploads the binary property as the `file` part; the emulator reads the terms from it', async () => {
		const { items, error } = await run(
			{
				resource: 'keywordList',
				operation: 'create',
				keywordListId: 'from-csv',
				termsFrom: 'binary',
				binaryPropertyName: 'terms',
				additionalFields: { name: 'From a file' },
			},
			[{ $binary: { terms: { text: CSV, fileName: 'mild.csv', mimeType: 'text/csv' } } }],
		);
		expect(error).toBeUndefined();
		const [request] = apiRequests(emulator());
		expect(request).toMatchObject({ method: 'POST', path: '/v3/moderation/keywords' });
		expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
		expect(request.body).toEqual({ id: 'from-csv', name: 'From a file', category: 'word', searchTerms: '', file: CSV });
		expect(request.fileParts).toEqual({ file: { fileName: 'mild.csv', mimeType: 'text/csv' } });
		expect(store().keywordLists.get('from-csv')).toMatchObject({ searchTerms: ['darn', 'heck', 'frick', 'gosh'], isCSV: true });
		expect(items[0].json).toMatchObject({ id: 'from-csv', searchTerms: ['darn', 'heck', 'frick', 'gosh'], isCSV: true });
	});

	it('Update replaces the terms with the file of each item (default property `data`, a pattern list)', async () => {
		store().addKeywordList({ id: 'patterns', category: 'pattern', searchTerms: ['old'] });
		const { items, error } = await run(
			{ resource: 'keywordList', operation: 'update', keywordListId: byId('patterns'), category: 'pattern', termsFrom: 'binary' },
			[{ $binary: { data: { text: 'a+b\nc.*d', fileName: 'p.csv', mimeType: 'text/csv' } } }],
		);
		expect(error).toBeUndefined();
		const [request] = apiRequests(emulator());
		expect(request).toMatchObject({ method: 'PUT', path: '/v3/moderation/keywords/patterns' });
		expect(request.body).toEqual({ category: 'pattern', searchTerms: '', file: 'a+b\nc.*d' });
		expect(items[0].json).toMatchObject({ searchTerms: ['a+b', 'c.*d'], isCSV: true });
	});

	it('a missing binary property or an empty field is refused before sending, naming the field and the item', async () => {
		const create = { resource: 'keywordList', operation: 'create', keywordListId: 'l', termsFrom: 'binary', binaryPropertyName: 'csv' };
		expectInputError(
			await run(create, [{ $binary: { data: { text: 'a', fileName: 'a.csv' } } }]),
			/'Input Binary Field' names the binary property "csv", which the input item does not have/,
			/binary properties are: data/,
		);
		expectInputError(await run(create, [{}]), /'Input Binary Field' names the binary property "csv"/, /has no binary data/);
		// Empty only from an expression: the editor does not run a node with a required field empty.
		expectInputError(
			await run({ ...create, binaryPropertyName: '={{ $json.field }}' }, [{ field: '' }]),
			/'Input Binary Field' is empty/,
			/e\.g\. data/,
		);
		expect(apiRequests(emulator())).toHaveLength(0);

		const { items } = await run(create, [{}, { $binary: { csv: { text: 'x,y', fileName: 'x.csv' } } }], {
			onError: 'continueRegularOutput',
		});
		expectErrorItem(items[0], 0, /'Input Binary Field' names the binary property "csv"/);
		expect(items[1].json).toMatchObject({ id: 'l', searchTerms: ['x', 'y'] });
	});
});
