// npm run dev only (scripts/dev.mjs): React Fast Refresh's preamble must run before any
// component module, so it is imported first; then the public pages' loader as in production.
import '@vitejs/plugin-react/preamble';
import './entry-islands';
