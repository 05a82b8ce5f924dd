import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

// Routes are lazy (src/app/router.tsx); that is what keeps the login page small. These groups only name
// the libraries every page needs, so their chunks stay cached across releases of the app's own code.
// Of antd, only the base every page uses (forms, buttons, dialogs, menus, messages and the styling core) is
// grouped: left to automatic splitting, it broke into dozens of small chunks as pages were added, and each
// chunk compresses on its own. Grouping all of antd would load the admin shell's components on /login.
const antdBase =
  /node_modules[\\/](antd[\\/]es[\\/](_util|style|theme|config-provider|locale|button|input|form|grid|space|spin|tabs|dropdown|menu|tooltip|message|modal|notification|skeleton)|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)|@rc-component[\\/](util|motion|trigger|form|input|textarea|tabs|menu|overflow|resize-observer|portal|dialog|notification|async-validator|tooltip|dropdown))[\\/]/;
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'antd-base', test: antdBase },
  // The icons more than one chunk uses, in one chunk: split one per icon, the shell's first load asked for some
  // sixty tiny files, which held the session's API requests behind them in the browser's six connections.
  // An icon only the full set (the menu editor's picker) holds stays in that set's chunk.
  { name: 'icons', test: /node_modules[\\/]@ant-design[\\/]icons[\\/]/, minShareCount: 2 },
];

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
