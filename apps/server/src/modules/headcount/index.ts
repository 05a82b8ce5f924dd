export { headcountRoutes } from './headcount.routes';
export { headcountExport } from './headcount.sheet';
export { headcountImport } from './headcount.sheet';
export { gridPosts } from './headcount.service';
