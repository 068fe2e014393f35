import { RouterProvider } from 'react-router';
import { createRouter } from './router.tsx';

const router = createRouter();

export function App() {
  return <RouterProvider router={router} />;
}
