import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField } from '../../fields/common';
import { describeValue, fieldError } from '../../readers/fieldErrors';
import { listOf } from '../../readers/lists';
import { checkPattern } from '../../readers/patterns';
import { optionalTextOf, requiredId } from '../../readers/text';
import { readCsvFile } from '../../readers/textFile';
import { compact, readOption } from '../../readers/values';
import type { FormValue } from '../../transport/request';

const CATEGORIES = ['word', 'pattern', 'sentence-similarity'] as const;
const TERMS_FROM = ['text', 'binary'] as const;

/** The keyword list an operation acts on, as the required locator `keywordListId` ("Keyword List"). */
export function keywordListField(description: string): INodeProperties {
	return locatorField(LOCATOR_KINDS.keywordList, { name: 'keywordListId', displayName: 'Keyword List', required: true, description });
}

export function keywordListIdValue(context: IExecuteFunctions, itemIndex: number): string {
	return requiredId(context, itemIndex, 'keywordListId', 'Keyword List');
}

/**
 * The contents of a keyword list, shared by Create and Update (an update replaces them). The terms
 * fields (and Input Binary Field) are not `required`: with Category from an expression n8n would
 * count them all as shown; the operation checks the one it uses.
 */
export const keywordListContentFields: INodeProperties[] = [
	{
		displayName: 'Category',
		name: 'category',
		type: 'options',
		options: [
			{ name: 'Pattern', value: 'pattern', description: 'The entries are regular expressions' },
			{
				name: 'Sentence Similarity',
				value: 'sentence-similarity',
				description: 'The entries are sentences; messages close in meaning to one match',
			},
			{ name: 'Word', value: 'word', description: 'The entries are words or phrases' },
		],
		default: 'word',
		description: 'What the entries of the list are',
	},
	{
		displayName: 'Terms From',
		name: 'termsFrom',
		type: 'options',
		options: [
			{ name: 'Text', value: 'text', description: 'Type the terms, or map them from an expression' },
			{
				name: 'CSV File (Binary)',
				value: 'binary',
				description: "Upload a CSV file of terms from the input item's binary data; CometChat reads the terms from it",
			},
		],
		default: 'text',
		description: 'Where the words or patterns come from',
		displayOptions: { show: { category: ['word', 'pattern'] } },
	},
	{
		displayName: 'Search Terms',
		name: 'searchTerms',
		type: 'string',
		default: '',
		placeholder: 'e.g. darn, heck',
		description: 'The words or patterns, separated by commas, or a list from an expression. An update replaces all of them.',
		displayOptions: { show: { category: ['word', 'pattern'], termsFrom: ['text'] } },
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		placeholder: 'e.g. data',
		hint: 'The name of the input binary field containing the CSV file to be uploaded',
		description:
			'The CSV file: terms separated by commas or one per line, saved as UTF-8 (or UTF-16 with a byte order mark). An update replaces all of them.',
		displayOptions: { show: { category: ['word', 'pattern'], termsFrom: ['binary'] } },
	},
	{
		displayName: 'Disallowed Sentences',
		name: 'disallowedSentences',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		placeholder: "e.g. Let's continue on WhatsApp",
		description: 'One sentence per line, or a list from an expression. An update replaces all of them.',
		displayOptions: { show: { category: ['sentence-similarity'] } },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				placeholder: 'e.g. Words we do not allow in public groups',
			},
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				placeholder: 'e.g. Profanity',
			},
		],
	},
];

/**
 * The multipart fields of a keyword list (docs/cometchat-api.md, Moderation set-up): the category;
 * `searchTerms` comma-separated (a term cannot hold a comma), or the CSV `file` from binary data
 * (decoded and sent as UTF-8, refused when it is not text or holds no term; with `searchTerms`
 * empty, as the schema requires it), or `disallowedSentences[]` one part per
 * sentence; the name and description when given.
 */
export async function keywordListForm(context: IExecuteFunctions, itemIndex: number): Promise<Record<string, FormValue>> {
	const category = readOption(context, itemIndex, 'category', 'Category', CATEGORIES, 'word');
	const additional = context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const named = compact({
		name: optionalTextOf(context, itemIndex, 'Name', additional.name),
		description: optionalTextOf(context, itemIndex, 'Description', additional.description),
	}) as Record<string, string>;
	if (category === 'sentence-similarity') {
		return { ...named, category, 'disallowedSentences[]': sentencesOf(context, itemIndex) };
	}
	if (readOption(context, itemIndex, 'termsFrom', 'Terms From', TERMS_FROM, 'text') === 'binary') {
		const file = await readCsvFile(context, itemIndex, 'binaryPropertyName', 'Input Binary Field', 'keywords.csv');
		return { ...named, category, searchTerms: '', file };
	}
	const label = 'Search Terms';
	const terms = listOf(context, itemIndex, label, context.getNodeParameter('searchTerms', itemIndex, ''));
	if (terms.length === 0) {
		throw fieldError(
			context,
			itemIndex,
			label,
			'is empty',
			`Enter the ${category === 'word' ? 'words' : 'patterns'}, separated by commas.`,
		);
	}
	const withComma = terms.find((term) => term.includes(','));
	if (withComma !== undefined) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`has a comma inside "${withComma}"`,
			'CometChat reads the terms as text separated by commas, so a term cannot hold one. Split it, or use a Pattern list.',
		);
	}
	if (category === 'pattern') for (const term of terms) checkPattern(context, itemIndex, label, term);
	return { ...named, category, searchTerms: terms.join(',') };
}

/** The sentences: text with one per line, or a list of texts; at least one. */
function sentencesOf(context: IExecuteFunctions, itemIndex: number): string[] {
	const label = 'Disallowed Sentences';
	const value = context.getNodeParameter('disallowedSentences', itemIndex, '');
	let entries: unknown[];
	if (typeof value === 'string') entries = value.split(/\r?\n/);
	else if (Array.isArray(value)) entries = value;
	else {
		throw fieldError(
			context,
			itemIndex,
			label,
			`must be text with one sentence per line or a list, not ${describeValue(value)}`,
			`Give '${label}' as text, one sentence per line, or as a list of texts from an expression.`,
		);
	}
	const sentences = entries.map((entry, index) => {
		if (typeof entry !== 'string') {
			throw fieldError(
				context,
				itemIndex,
				label,
				`has ${describeValue(entry)} at position ${index + 1}; each sentence must be text`,
				`Give '${label}' as a list of texts.`,
			);
		}
		return entry.trim();
	});
	const given = sentences.filter((sentence) => sentence !== '');
	if (given.length === 0) throw fieldError(context, itemIndex, label, 'is empty', 'Enter at least one sentence, one per line.');
	return given;
}

/** What a keyword list's record holds, for the AI tool's description of Create, Get and Update. */
export const KEYWORD_LIST_RETURNS = 'Returns the keyword list: id, name, category, searchTerms, revisionId, active, createdAt and more.';
