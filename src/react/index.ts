'use client';

export {};
