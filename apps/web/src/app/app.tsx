import { RouterProvider } from 'react-router';
import { createRouter } from './router.tsx';
import { registerSlots } from './slots.ts';

registerSlots();
const router = createRouter();

export function App() {
  return <RouterProvider router={router} />;
}
