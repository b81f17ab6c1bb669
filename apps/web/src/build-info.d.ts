declare const __BUILD_INFO__: { version: string; buildTime: string };
