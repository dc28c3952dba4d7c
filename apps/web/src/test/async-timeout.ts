import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default: with three test workers on two cores a render
// can take longer than that without anything being wrong. A real failure still fails, later.
configure({ asyncUtilTimeout: 5000 });
