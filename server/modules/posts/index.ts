export { loadPosts, parsePost, PostContentError, POSTS_DIR } from './service'
