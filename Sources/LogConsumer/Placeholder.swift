enum LogConsumerPlaceholder {}
