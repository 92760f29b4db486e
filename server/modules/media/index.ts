/** Images Pagewright stores itself (never hot-linked): store by content hash, read back to serve. */
export { readImage, storeImage } from './service'
export { downloadProductImages } from './download'
