import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Routes are lazy (src/app/router.tsx); that is what keeps the login page small. These groups only name
// the libraries every page needs, so their chunks stay cached across releases of the app's own code.
// antd is left to automatic splitting: grouping it would load the whole admin shell's components on /login.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
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
