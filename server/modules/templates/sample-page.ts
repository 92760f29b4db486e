import type { Page } from '../../domain/page/schema'
import { demoSamplePage } from '../../generation/compose/demo-sample'

/** The demo-store product every template preview shows (it supports every section type). */
const SAMPLE_HANDLE = 'aurora-pour-over-set'

/**
 * The sample page of the template previews, in the Classic order (which lists every section type;
 * each preview reorders it). Built once per process.
 */
export const samplePage = async (): Promise<Page> => (await demoSamplePage(SAMPLE_HANDLE, 1)).page
