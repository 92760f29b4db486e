/** Images Pagewright stores itself (never hot-linked): store by content hash, read back to serve. */
export { readImage, storeImage, type ImageFile, type StoredImage } from './service'
export { downloadProductImages } from './download'
