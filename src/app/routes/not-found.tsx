import { NotFound } from '../not-found';

export const Component = NotFound;
