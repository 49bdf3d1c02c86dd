// The service's root module, for composing services in one process (integration and system tests).
export { StorybookModule } from './storybook.module.js';
