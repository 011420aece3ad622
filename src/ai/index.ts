// AI SDK glue. Each module adds its export line here.
export {};
