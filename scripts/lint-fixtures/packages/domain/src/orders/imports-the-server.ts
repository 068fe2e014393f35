// breaks: the domain imports nothing of ours
import { buildApp } from '@aurum/server/app';

export const app = buildApp;
