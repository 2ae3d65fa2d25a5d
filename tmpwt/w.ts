import { parentPort } from 'node:worker_threads';
const x: number = 41;
parentPort!.postMessage(x + 1);
