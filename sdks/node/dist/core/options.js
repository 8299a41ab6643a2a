/** Options of the client and of each request (CONTRACT.md §9). */
export {};
